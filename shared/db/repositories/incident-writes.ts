// Kept for activities/alert-ingestion.activities.ts until it imports shared/db/access/incidents.ts.
export * from '../access/incidents.ts';
