import path from 'node:path';
import { InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppContext } from '../src/lib/request';
import { type Access, type Domain, functionEntries, routeKey, routes } from '../src/routes';
import { loadEvent } from './events';
import { setTestEnv } from './env';
import { type PrincipalName, accessCookie, awsError, cognitoMock, ddbMock, resetAwsMocks } from './fixtures';
import { stubJwksFetch } from './jwt';
import { expectJsonError, expectSecurityHeaders, invoke } from './lambda';

/**
 * The authorisation matrix (DESIGN.md section 4): every route of the table, called with its
 * sample event by every kind of caller, through the domain's real handler module.
 */
setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);

type Caller = 'anonymous' | PrincipalName;
const callers: Caller[] = ['anonymous', 'user', 'lapsed', 'subscriber', 'admin'];

type Decision = 'allow' | 401 | 403;
function decide(access: Access, caller: Caller): Decision {
  if (access === 'public' || access === 'stripe') return 'allow';
  if (caller === 'anonymous') return 401;
  if (access === 'user') return 'allow';
  if (access === 'admin') return caller === 'admin' ? 'allow' : 403;
  return caller === 'admin' || caller === 'subscriber' ? 'allow' : 403;
}

const DENIALS = ['Authentication required', 'Administrator privileges required', 'An active subscription is required'];

type Handler = (event: APIGatewayProxyEventV2, context: AppContext) => Promise<APIGatewayProxyStructuredResultV2>;
const handlers = new Map<Domain, Handler>();
beforeAll(async () => {
  for (const [domain, entry] of Object.entries(functionEntries) as [Domain, string][]) {
    const mod = (await import(/* @vite-ignore */ path.join(import.meta.dirname, '../src', entry))) as { handler: Handler };
    handlers.set(domain, mod.handler);
  }
});

beforeEach(() => {
  resetAwsMocks();
  ddbMock.on(QueryCommand).resolves({ Items: [] });
  cognitoMock.on(InitiateAuthCommand).rejects(awsError('NotAuthorizedException'));
  cognitoMock.on(SignUpCommand).rejects(awsError('UsernameExistsException'));
});

const cases = routes.flatMap((r) => callers.map((c) => [routeKey(r), c, decide(r.access, c), r] as const));

describe('authorisation matrix', () => {
  it.each(cases)('%s as %s → %s', async (_key, caller, decision, route) => {
    const event = loadEvent(route.name, caller === 'anonymous' ? {} : { cookies: [accessCookie(caller)] });
    const res = await invoke(handlers.get(route.domain)!, event);
    expectSecurityHeaders(res);
    if (decision === 'allow') {
      const message = res.body ? (JSON.parse(res.body) as { message?: string }).message : undefined;
      expect(res.statusCode === 403 || (res.statusCode === 401 && DENIALS.includes(message ?? '')), `${res.statusCode} ${res.body}`).toBe(false);
    } else {
      expectJsonError(res, decision);
      expect(DENIALS).toContain(JSON.parse(res.body!).message);
    }
  });

  it('covers every route for every caller', () => {
    expect(cases).toHaveLength(routes.length * callers.length);
  });
});
