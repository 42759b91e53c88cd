// Stand-in Lambda code for the CDK assertion tests only (no esbuild run); never deployed.
export const handler = async () => ({ statusCode: 503, body: '{"message":"stub"}' });
