import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthApi = {
  health: endpoint({
    method: 'get',
    path: '/api/health',
    summary: 'The process answers',
    tag: 'health',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
  }),
  ready: endpoint({
    method: 'get',
    path: '/api/ready',
    summary:
      'The instance reaches its database (what a load balancer asks); 503 otherwise. With REDIS_URL, whether Redis answers: ' +
      'down leaves the instance ready, its rate limits counted in its own memory until Redis is back',
    tag: 'health',
    access: 'public',
    response: z.object({ status: z.literal('ready'), redis: z.enum(['up', 'down']).optional() }),
  }),
  openapi: endpoint({
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This contract as an OpenAPI 3.1 document',
    tag: 'health',
    access: 'public',
    response: z.looseObject({ openapi: z.literal('3.1.0') }),
  }),
};
