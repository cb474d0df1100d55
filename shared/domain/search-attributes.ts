import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes, so operators can find a tenant's or an incident's workflows in
 * Temporal UI. The dev server registers them at start; a cluster needs
 * `temporal operator search-attribute create --name <name> --type Keyword` once per name.
 */
export const ORGANIZATION_ID = defineSearchAttributeKey('TocsinOrganizationId', SearchAttributeType.KEYWORD);
export const INCIDENT_ID = defineSearchAttributeKey('TocsinIncidentId', SearchAttributeType.KEYWORD);

/** Every custom attribute with the type name the Temporal CLI expects. */
export const SEARCH_ATTRIBUTE_DEFINITIONS: Record<string, 'Keyword'> = {
  [ORGANIZATION_ID.name]: 'Keyword',
  [INCIDENT_ID.name]: 'Keyword',
};
