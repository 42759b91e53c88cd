import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient, DescribeUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAdminAccount } from '../../functions/src/admin/admin-account';

/**
 * `npm run admin:create -- --username NAME --email ADDRESS` creates an administrator in the
 * deployed stack (group `admin`, generated password shown once, profile item), with the AWS
 * credentials and region of the shell. Pool and table come from `--user-pool-id`/`--table-name`
 * or from the outputs file that `npm run deploy` writes (infra/cdk-outputs.json).
 */
const USAGE = 'usage: npm run admin:create -- --username NAME --email ADDRESS [--user-pool-id ID --user-pool-client-id ID --table-name NAME] [--outputs FILE] [--stack FitTrack]';

export function resolveTargets(
  args: { 'user-pool-id'?: string; 'user-pool-client-id'?: string; 'table-name'?: string; outputs?: string; stack?: string },
  readOutputs: (file: string) => Record<string, Record<string, string>> | undefined,
): { userPoolId: string; userPoolClientId: string; tableName: string } {
  const outputs = readOutputs(args.outputs ?? 'infra/cdk-outputs.json')?.[args.stack ?? 'FitTrack'] ?? {};
  const userPoolId = args['user-pool-id'] ?? outputs.UserPoolId;
  const userPoolClientId = args['user-pool-client-id'] ?? outputs.UserPoolClientId;
  const tableName = args['table-name'] ?? outputs.TableName;
  if (!userPoolId || !userPoolClientId || !tableName)
    throw new Error(`Cannot tell which user pool, app client and table to use: pass --user-pool-id, --user-pool-client-id and --table-name, or deploy with npm run deploy first.\n${USAGE}`);
  return { userPoolId, userPoolClientId, tableName };
}

export const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      'user-pool-id': { type: 'string' },
      'user-pool-client-id': { type: 'string' },
      'table-name': { type: 'string' },
      outputs: { type: 'string' },
      stack: { type: 'string' },
    },
  });
  if (!values.username || !USERNAME.test(values.username)) throw new Error(`--username must be 3 to 32 letters, digits, dots, dashes or underscores.\n${USAGE}`);
  if (!values.email || !EMAIL.test(values.email)) throw new Error(`--email must be an email address.\n${USAGE}`);
  const { userPoolId, userPoolClientId, tableName } = resolveTargets(values, (file) =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>) : undefined,
  );
  const cognito = new CognitoIdentityProviderClient({});
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  // The app client's secret, to sign the administrator in once and set up its authenticator (the
  // operator's credentials may describe the client; the functions read the copy in Secrets Manager).
  const described = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }));
  const clientSecret = described.UserPoolClient?.ClientSecret;
  if (!clientSecret) throw new Error('The app client has no secret: deploy the current stack first.');
  const admin = await createAdminAccount({ cognito, doc, userPoolId, client: { clientId: userPoolClientId, clientSecret }, tableName, username: values.username, email: values.email });
  console.log(`Administrator ${values.username} created in ${userPoolId}, with two-step sign-in set up. Shown once:`);
  console.log(`Password (store it in your password manager): ${admin.password}`);
  console.log('Authenticator: open this URL in an authenticator app (or add the secret by hand); the admin sign-in asks for its 6-digit code:');
  console.log(`  ${admin.otpauthUrl}`);
  console.log(`  secret: ${admin.totpSecret}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: Error) => {
    console.error(err.name === 'UsernameExistsException' ? 'That username already exists.' : err.message);
    process.exit(1);
  });
}
