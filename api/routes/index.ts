import type { AuthService } from '../services/auth.service.ts';
import type { SelfTestService } from '../services/self-test.service.ts';
import { authRoutes } from './auth.routes.ts';
import type { RouteDefinition } from './route.ts';
import { selfTestRoutes } from './self-test.routes.ts';

export interface ApiServices {
  auth: AuthService;
  selfTest: SelfTestService;
  cookies: { secure: boolean; accessTtlSeconds: number; refreshTtlSeconds: number };
}

/** Every route below /api/v1, in the order the OpenAPI description lists them. */
export function apiRoutes(services: ApiServices): RouteDefinition[] {
  return [...authRoutes(services.auth, services.cookies), ...selfTestRoutes(services.selfTest)];
}
