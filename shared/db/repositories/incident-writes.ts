// Kept for activities/alert-ingestion.activities.ts until it imports shared/db/data/incidents.ts.
export * from '../data/incidents.ts';
