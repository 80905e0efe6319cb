/** Where people write to us: questions, data requests, anything. */
export const CONTACT_EMAIL = 'support@pixtract.app';
