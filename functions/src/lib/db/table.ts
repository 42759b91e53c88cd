/**
 * The one table definition (DESIGN.md section 5). The CDK data construct and the
 * local bootstrap both build the table from this object, so keys, the GSI and TTL
 * cannot drift apart.
 */
export const tableDefinition = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  globalSecondaryIndexes: [
    {
      indexName: 'gsi1',
      partitionKey: { name: 'gsi1pk', type: 'S' },
      sortKey: { name: 'gsi1sk', type: 'S' },
    },
  ],
  timeToLiveAttribute: 'expiresAt',
  /** The table's stream: the new image of every change, read by the newest-events consumer (log-digest/, decision 0023). */
  stream: 'NEW_IMAGE',
} as const;

export type TableDefinition = typeof tableDefinition;
export const GSI1 = tableDefinition.globalSecondaryIndexes[0].indexName;
