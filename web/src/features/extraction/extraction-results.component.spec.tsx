import {
  ERROR_MESSAGES,
  extractionWarningText,
  type ExtractionResponse,
  type ExtractionView,
  type ExtractionWarning,
} from '@pixtract/contracts';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const extractionId = 'ex-words';
const warningDetails: ExtractionWarning[] = [
  { code: 'HTTP_STATUS', values: { status: 404 } },
  { code: 'REFUSED_REQUESTS', values: { count: 3 } },
];

/** The server's answer: finished, with its English and its codes. */
function completedWith(fields: Partial<ExtractionResponse>) {
  const result: ExtractionResponse = {
    files: [{ fileUrl: 'https://example.com/a.png', alt: 'A', width: 100, height: 100 }],
    sourceUrl: 'https://example.com/',
    warnings: [],
    limits: { total: 500, used: 1, remaining: 499, role: 'free' },
    performanceInfo: { timeMs: 10, method: 'browser' },
    ...fields,
  };
  const view: ExtractionView = { extractionId, url: 'https://example.com/', status: 'completed', result };
  fakeApi({
    'POST /api/extractions': { status: 202, body: { extractionId } },
    [`GET /api/extractions/${extractionId}`]: { status: 200, body: view },
  });
}

const alert = (title: string) =>
  screen.findByText(title, { selector: '[role=alert] *' }).then((node) => node.closest('[role=alert]') as HTMLElement);

describe("an extraction's warnings and problem in the visitor's language", () => {
  it('shows the warnings in Arabic, in the results and in the toast', async () => {
    completedWith({ warnings: warningDetails.map(extractionWarningText), warningDetails });
    renderWithProviders('/ar/results?url=example.com');

    // Counts in the language's digits; a status code is a name, not a count.
    const arabic = 'ردّت الصفحة برمز حالة HTTP 404. رُفضت ٣ طلبات من هذه الصفحة لأنها اتجهت إلى عناوين خاصة أو محلية.';
    expect(within(await alert('تحذير الاستخراج')).getByText(arabic)).toBeInTheDocument();
    expect(await screen.findByText(arabic, { selector: 'li *' })).toBeInTheDocument();
    expect(screen.queryByText(/HTTP status/)).not.toBeInTheDocument();
  });

  it("shows the page's problem in French by its catalogue code (nothing found: the failure alone)", async () => {
    completedWith({ files: [], error: ERROR_MESSAGES.HOST_NOT_FOUND, errorCode: 'HOST_NOT_FOUND' });
    renderWithProviders('/fr/results?url=example.com');

    const french = "Nous n'avons pas trouvé ce site. Vérifiez l'adresse et réessayez.";
    expect(within(await alert("Échec de l'extraction")).getByText(french)).toBeInTheDocument();
    expect(screen.queryByText(ERROR_MESSAGES.HOST_NOT_FOUND)).not.toBeInTheDocument();
  });

  it('keeps the English of a result stored before codes', async () => {
    completedWith({ warnings: ['Old words.'] });
    renderWithProviders('/fr/results?url=example.com');
    expect(within(await alert("Avertissement d'extraction")).getByText('Old words.')).toBeInTheDocument();
  });
});
