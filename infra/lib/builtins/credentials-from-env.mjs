// Stands in for `@aws-sdk/credential-provider-node` (the SDK's default credential chain) in the Lambda
// bundles. Lambda gives every function its execution role's credentials in the environment
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN: the runtime's reserved variables),
// which is the chain's first link; its other links (shared files, SSO, STS web identity, the
// container and instance metadata services) and the STS, SSO and sign-in clients they bring never
// run there. Without this, each function's cold start evaluates the chain's code and the query/XML
// protocol code those clients share with DynamoDB's (infra/lib/bundling.ts; docs/performance.md
// piece 13). The local stack runs the handlers unbundled, with the whole chain.
export { fromEnv as defaultProvider } from '@aws-sdk/credential-provider-env';
