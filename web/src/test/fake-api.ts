/** One answer of the fake API: a status and a JSON body. */
interface ApiReply {
  status: number;
  body: unknown;
}

interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the app's fetch calls from a table keyed "METHOD /path" instead of the network. A list of replies is
 * served in order, its last one repeating. Any request not in the table fails the test.
 */
export function fakeApi(routes: Record<string, ApiReply | ApiReply[]>) {
  const calls: ApiCall[] = [];
  const served = new Map<string, number>();
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const key = `${request.method} ${path}`;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const replies = routes[key];
    if (!replies) throw new Error(`fakeApi: no answer for ${key}`);
    const list = Array.isArray(replies) ? replies : [replies];
    const count = served.get(key) ?? 0;
    served.set(key, count + 1);
    const reply = list[Math.min(count, list.length - 1)];
    // A 204 carries no body (Response refuses one).
    return new Response(reply.status === 204 ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls };
}
