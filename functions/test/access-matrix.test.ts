import path from 'node:path';
import { InitiateAuthCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppContext } from '../src/lib/request';
import { type Domain, functionEntries, routeKey, routes } from '../src/routes';
import { type Caller, DENIALS as DENIED_WITH, type ExistingRouteKey, expectedOutcomes } from './authorisation-matrix';
import { loadEvent } from './events';
import { setTestEnv } from './env';
import { type PrincipalName, principals, profileItem, signedInCookies, awsError, cognitoMock, ddbMock, resetAwsMocks } from './fixtures';
import { stubJwksFetch } from './jwt';
import { expectJsonError, expectSecurityHeaders, invoke } from './lambda';

/**
 * The authorisation matrix (DESIGN.md section 4) at unit level: every route of the table, called
 * with its sample event by every kind of caller, through the domain's real handler module with
 * mocked AWS clients. Who is let through comes from the hand-written table in
 * authorisation-matrix.ts (shared with authorisation-matrix.int.test.ts, which runs the same
 * matrix against the emulators with exact statuses).
 */
setTestEnv();
stubJwksFetch();
vi.spyOn(console, 'error').mockImplementation(() => undefined);

const callers: ('anonymous' | PrincipalName)[] = ['anonymous', 'user', 'lapsed', 'subscriber', 'admin'] satisfies Caller[];

type Decision = 'allow' | 401 | 403;
function decide(key: ExistingRouteKey, caller: Caller): Decision {
  const status = expectedOutcomes[key][caller];
  return status === 401 || status === 403 ? status : 'allow';
}

const DENIALS: string[] = [...DENIED_WITH[401], ...DENIED_WITH[403]];

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
  // a Query of an account's own partition (the data export) holds its profile, as the table does
  ddbMock.on(QueryCommand).callsFake((input: { ExpressionAttributeValues?: Record<string, unknown> }) => {
    const pk = String(input.ExpressionAttributeValues?.[':pk'] ?? '');
    const name = (Object.keys(principals) as PrincipalName[]).find((n) => pk === `USER#${principals[n].sub}`);
    return { Items: name ? [profileItem(name)] : [] };
  });
  cognitoMock.on(InitiateAuthCommand).rejects(awsError('NotAuthorizedException'));
  cognitoMock.on(SignUpCommand).rejects(awsError('UsernameExistsException'));
});

const cases = routes.flatMap((r) => callers.map((c) => [routeKey(r), c, decide(routeKey(r) as ExistingRouteKey, c), r] as const));

describe('authorisation matrix', () => {
  it.each(cases)('%s as %s → %s', async (_key, caller, decision, route) => {
    const event = loadEvent(route.name, caller === 'anonymous' ? {} : { cookies: signedInCookies(caller) });
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
