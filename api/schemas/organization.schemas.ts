import { z } from 'zod';
import { OrganizationSettingsPatchSchema, OrganizationSettingsSchema } from '../../shared/domain/organization-settings.ts';
import { OrganizationSchema } from './auth.schemas.ts';
import { nonBlankText, single } from './common.ts';

export const UpdateOrganizationBody = z.object({ name: nonBlankText().max(200) }).strict();
export const OrganizationResponse = single(OrganizationSchema);

export const UpdateOrganizationSettingsBody = OrganizationSettingsPatchSchema;
export const OrganizationSettingsResponse = single(OrganizationSettingsSchema);
