// Swagger UI on the gateway's own OpenAPI document. A file, not an inline script: the page runs under a strict
// Content-Security-Policy (script-src 'self').
window.addEventListener('DOMContentLoaded', () => {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    // The public validator badge would send the document to validator.swagger.io.
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
  });
});
