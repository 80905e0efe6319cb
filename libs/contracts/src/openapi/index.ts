export * from './api-route';
export { API_ROUTES, openApiDocument } from './openapi-document';
