import { healthSchema, readinessSchema } from '../health';
import { ApiRoute, JSON_TYPE, jsonAnswer } from './api-route';

/** The routes about the service itself: its health, and this document. */
export const SERVICE_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/health',
    tags: ['Service'],
    summary: 'Liveness',
    description: 'The process answers.',
    responses: { 200: jsonAnswer('Alive.', healthSchema, { status: 'ok' }) },
  },
  {
    method: 'get',
    path: '/ready',
    tags: ['Service'],
    summary: 'Readiness',
    description: 'Whether the gateway’s Postgres and Redis answer: load balancers send traffic only while it is 200.',
    responses: {
      200: jsonAnswer('Ready.', readinessSchema, { status: 'ready', checks: { postgres: 'ok', redis: 'ok' } }),
      503: jsonAnswer('Not ready: the checks say what is missing.', readinessSchema, {
        status: 'not ready',
        checks: { postgres: 'ok', redis: 'connect ECONNREFUSED 10.0.0.5:6379' },
      }),
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tags: ['Service'],
    summary: 'This document',
    description:
      'OpenAPI 3.1, generated from the zod contracts the services validate with. A readable page of it is at /api/docs.',
    responses: {
      200: {
        description: 'The OpenAPI document.',
        content: {
          [JSON_TYPE]: {
            schema: { type: 'object' },
            example: { openapi: '3.1.0', info: { title: 'Pixtract API', version: '1.0.0' }, paths: {} },
          },
        },
      },
    },
  },
];
