import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  type ExplicitAuthFlowsType,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '../functions/src/lib/db/table';
import { PASSWORD_MIN_LENGTH } from '../functions/src/contract/auth-rules';
import { createAdminAccount, enrolAuthenticator } from '../functions/src/admin/admin-account';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** CreateTable input built from THE table definition (the CDK data construct reads the same object). */
function createTableInput(tableName: string): CreateTableCommandInput {
  const d = tableDefinition;
  const attrs = new Map<string, string>();
  const add = (k: { name: string; type: string }) => attrs.set(k.name, k.type);
  add(d.partitionKey);
  add(d.sortKey);
  for (const g of d.globalSecondaryIndexes) {
    add(g.partitionKey);
    add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType: AttributeType as 'S' })),
    KeySchema: [
      { AttributeName: d.partitionKey.name, KeyType: 'HASH' },
      { AttributeName: d.sortKey.name, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey.name, KeyType: 'HASH' },
        { AttributeName: g.sortKey.name, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: d.stream },
  };
}

/** Creates the table (keys, GSI, TTL, stream) unless it exists; turns the stream on in a table made before it. Safe on every start. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'exists'> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: tableDefinition.stream } }));
      }
      return 'exists';
    } catch (err) {
      if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
  /** the app client's secret (cognito-local does not check it; the functions send it as AWS requires) */
  userPoolClientSecret: string;
}

/** The password policy of the CDK auth construct: the length only (note 0015). */
const POOL_POLICIES = {
  PasswordPolicy: { MinimumLength: PASSWORD_MIN_LENGTH, RequireUppercase: false, RequireLowercase: false, RequireNumbers: false, RequireSymbols: false },
};
/** Self sign-up off: only the app creates users (note 0014). */
const ADMIN_CREATE_ONLY = { AllowAdminCreateUserOnly: true };
/** TOTP for the accounts that set it up, as the CDK pool (decision 0018; the emulator has no SMS). */
const MFA_OPTIONAL = 'OPTIONAL' as const;
/** Email addresses are confirmed by a mailed code, as the CDK pool (decision 0024): cognito-local mails (the outbox) only for these. */
const AUTO_VERIFIED: ('email' | 'phone_number')[] = ['email'];

/** The app client as the CDK auth construct makes it: confidential, admin flows only (note 0014). */
const appClientInput = (UserPoolId: string) => ({
  UserPoolId,
  ClientName: 'fittrack-web',
  GenerateSecret: true,
  ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as ExplicitAuthFlowsType[],
  PreventUserExistenceErrors: 'ENABLED' as const,
  EnableTokenRevocation: true,
  AccessTokenValidity: 60,
  IdTokenValidity: 60,
  RefreshTokenValidity: 30,
  TokenValidityUnits: { AccessToken: 'minutes' as const, IdToken: 'minutes' as const, RefreshToken: 'days' as const },
});

async function createAppClient(client: CognitoIdentityProviderClient, userPoolId: string): Promise<Omit<PoolIds, 'userPoolId'>> {
  const res = await client.send(new CreateUserPoolClientCommand(appClientInput(userPoolId)));
  return { userPoolClientId: res.UserPoolClient!.ClientId!, userPoolClientSecret: res.UserPoolClient!.ClientSecret! };
}

/**
 * The user pool, app client and `admin` group on cognito-local, matching the CDK auth
 * construct: username sign-in, password policy, sign-up only by the app (AdminCreateUser), a
 * confidential app client with the admin flows only. Ids persist in `<dataDir>/cognito-pool.json`;
 * reused while the pool exists (a client from before the confidential client is replaced).
 */
export async function ensureUserPool(endpoint: string, dataDir: string): Promise<PoolIds> {
  const file = path.join(dataDir, 'cognito-pool.json');
  const client = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials });
  try {
    if (existsSync(file)) {
      const ids = JSON.parse(readFileSync(file, 'utf8')) as Partial<PoolIds> & { userPoolId: string };
      try {
        await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
        // a pool from an earlier version gets today's rules (cognito-local keeps what it was created with)
        await client.send(
          new UpdateUserPoolCommand({
            UserPoolId: ids.userPoolId,
            Policies: POOL_POLICIES,
            AdminCreateUserConfig: ADMIN_CREATE_ONLY,
            MfaConfiguration: MFA_OPTIONAL,
            AutoVerifiedAttributes: AUTO_VERIFIED,
          }),
        );
        if (ids.userPoolClientId && ids.userPoolClientSecret) return ids as PoolIds;
        const upgraded = { userPoolId: ids.userPoolId, ...(await createAppClient(client, ids.userPoolId)) };
        writeFileSync(file, JSON.stringify(upgraded, null, 2), { mode: 0o600 });
        return upgraded;
      } catch {
        // pool data was removed: create a new one below
      }
    }
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'fittrack-local',
        Policies: POOL_POLICIES,
        UsernameConfiguration: { CaseSensitive: false },
        AdminCreateUserConfig: ADMIN_CREATE_ONLY,
        MfaConfiguration: MFA_OPTIONAL,
        AutoVerifiedAttributes: AUTO_VERIFIED,
        Schema: [{ Name: 'email', AttributeDataType: 'String', Required: true, Mutable: true }],
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admin', Description: 'FitTrack administrators' }));
    const ids = { userPoolId, ...(await createAppClient(client, userPoolId)) };
    writeFileSync(file, JSON.stringify(ids, null, 2), { mode: 0o600 });
    return ids;
  } finally {
    client.destroy();
  }
}

/** What `npm start` prints once: the new admin's password and authenticator, or only the authenticator of an older stack's admin. */
export interface AdminCredentials {
  username: string;
  password: string;
  /** base32 secret of the admin's authenticator (decision 0018) */
  totpSecret: string;
  otpauthUrl: string;
  /** false when an existing admin (from before two-step sign-in) was only enrolled now */
  created: boolean;
}

/**
 * First start: user `admin` in group `admin` with a random 20-character password and two-step
 * sign-in set up, written to `<dataDir>/admin-credentials.json` (mode 600) with its `totpSecret`.
 * A stack whose admin predates two-step sign-in gets it set up on the next start (the password is
 * in the same file). Returns what is new (to print once), undefined when nothing is.
 */
export async function ensureAdmin(
  cognitoEndpoint: string,
  dynamoEndpoint: string,
  tableName: string,
  ids: PoolIds,
  dataDir: string,
): Promise<AdminCredentials | undefined> {
  const client = new CognitoIdentityProviderClient({ endpoint: cognitoEndpoint, region: 'us-east-1', credentials });
  const file = path.join(dataDir, 'admin-credentials.json');
  const appClient = { clientId: ids.userPoolClientId, clientSecret: ids.userPoolClientSecret };
  const save = (c: Omit<AdminCredentials, 'created' | 'otpauthUrl'>) => writeFileSync(file, JSON.stringify(c, null, 2) + '\n', { mode: 0o600 });
  try {
    let existing;
    try {
      existing = await client.send(new AdminGetUserCommand({ UserPoolId: ids.userPoolId, Username: 'admin' }));
    } catch (err) {
      if ((err as Error).name !== 'UserNotFoundException') throw err;
    }
    if (existing) {
      if ((existing.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') || !existsSync(file)) return undefined;
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { username: string; password: string };
      const mfa = await enrolAuthenticator({ cognito: client, userPoolId: ids.userPoolId, client: appClient, username: saved.username, password: saved.password });
      save({ username: saved.username, password: saved.password, totpSecret: mfa.totpSecret });
      return { username: saved.username, password: saved.password, ...mfa, created: false };
    }
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamoEndpoint, region: 'us-east-1', credentials }));
    const admin = await createAdminAccount({
      cognito: client,
      doc,
      userPoolId: ids.userPoolId,
      client: appClient,
      tableName,
      username: 'admin',
      email: 'admin@fittrack.local',
    });
    doc.destroy();
    save({ username: admin.username, password: admin.password, totpSecret: admin.totpSecret });
    return { username: admin.username, password: admin.password, totpSecret: admin.totpSecret, otpauthUrl: admin.otpauthUrl, created: true };
  } finally {
    client.destroy();
  }
}
