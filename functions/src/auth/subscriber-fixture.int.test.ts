import { describe, expect, it } from 'vitest';
import { subscriberClient } from '../../test/api-client';
import { type UserResponse } from '../contract/auth';

describe('subscriber fixture', () => {
  it('gives a fresh user an active subscription that the access check honours', async () => {
    const { client } = await subscriberClient();
    const me = await client.get<UserResponse>('/api/auth/me');
    expect(me.body.user).toMatchObject({ subscriptionStatus: 'active', hasActiveSubscription: true });
    expect((await client.get('/api/meals')).status).toBe(200);
  });
});
