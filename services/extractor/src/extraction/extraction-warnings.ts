/** The warnings an extraction result can carry, in the words the person reads. */
export const ExtractionWarning = {
  httpStatus: (status: number) => `The page answered with HTTP status ${status}.`,
  scrollCapped: (cap: 'steps' | 'height' | 'time') =>
    `The page kept growing; scrolling stopped at the ${cap === 'steps' ? 'step' : cap === 'height' ? 'page height' : 'time'} limit, so images further down were not loaded.`,
  refusedRequests: (count: number) => `${count} request${count === 1 ? '' : 's'} of this page went to private or local addresses and ${count === 1 ? 'was' : 'were'} refused.`,
  elementsCapped: (count: number) => `The page has more than ${count.toLocaleString('en-US')} elements; only the first ones were searched.`,
  imagesCapped: (count: number) => `Only the first ${count.toLocaleString('en-US')} images of this page were kept.`,
  stoppedAtTimeLimit: (message: string) => `${message} These are the images found before it was stopped.`,
  notHtml: (type: string) => `The address serves ${type}, not a web page.`,
} as const;
