import type { parseDomFromString as ParseDomFromString } from '@node-saml/node-saml/lib/xml.js';
import { isSafeIdpUrl } from './oidc-presets.ts';

export interface IdpDescriptor {
  idp_entity_id: string;
  idp_sso_url: string;
  idp_certificate: string;
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/**
 * The three things a service provider needs from an IdP metadata document: its entity id, its
 * single sign-on URL (HTTP-Redirect, else HTTP-POST; https) and its signing certificate. Throws with a
 * message for the person who pasted it.
 */
export async function parseIdpMetadata(xml: string): Promise<IdpDescriptor> {
  // node-saml's own XML helpers (xmldom + xpath), the parser the assertion checks already trust,
  // loaded when a SAML connection is configured.
  const { parseDomFromString, xpath } = await import('@node-saml/node-saml/lib/xml.js');
  let doc: Awaited<ReturnType<typeof ParseDomFromString>>;
  try {
    doc = await parseDomFromString(xml);
  } catch {
    throw new Error('is not well-formed XML');
  }
  const entity = xpath.selectElements(doc, "//*[local-name()='EntityDescriptor'][*[local-name()='IDPSSODescriptor']]")[0];
  if (!entity) throw new Error('has no EntityDescriptor with an IDPSSODescriptor');
  const entityId = entity.getAttribute('entityID');
  if (!entityId) throw new Error('has no entityID');
  const services = xpath.selectElements(entity, "./*[local-name()='IDPSSODescriptor']/*[local-name()='SingleSignOnService']");
  const service =
    services.find((node) => node.getAttribute('Binding') === REDIRECT) ?? services.find((node) => node.getAttribute('Binding') === POST);
  const location = service?.getAttribute('Location');
  if (!location) throw new Error('has no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding');
  // Browsers are sent to it (a javascript: or data: URL would run in whoever follows it): https, or
  // http on loopback for a local test IdP, which sign-in admits only when the operator allows it.
  if (!isSafeIdpUrl(location, true)) throw new Error('has a SingleSignOnService Location that is not an https URL');
  const certificates = xpath.selectElements(
    entity,
    "./*[local-name()='IDPSSODescriptor']/*[local-name()='KeyDescriptor'][not(@use) or @use='signing']//*[local-name()='X509Certificate']",
  );
  const certificate = certificates[0]?.textContent?.replace(/\s+/g, '');
  if (!certificate) throw new Error('has no signing certificate');
  return { idp_entity_id: entityId, idp_sso_url: location, idp_certificate: certificate };
}
