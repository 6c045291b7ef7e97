/**
 * The production population register: the VTJ query service (VTJ-kyselyrajapinta) of the
 * Digital and Population Data Services Agency (DVV), called through our own Suomi.fi Data
 * Exchange Layer (X-Road) security server as an X-Road 4.0 SOAP request. One query per
 * refresh: `HenkilonTunnusKysely` with the product (SoSoNimi) that answers a guardian's wards
 * ("Huoltaja-Huollettavat"), the queried identity code and the end user. ADR 0023 says which
 * parts of the wire format are assumed and where the real service description lives.
 *
 * Errors are mapped, never thrown raw: a timeout (`timeout`), no answer or a non-2xx/SOAP fault
 * from the security server (`unavailable`), a VTJ return code other than found/not found
 * (`refused`), an answer we cannot read (`protocol`). Identity codes are never logged.
 */
import { randomUUID } from 'node:crypto';
import { parseIdentityCode } from '~/models/identity-code';
import { GUARDIAN_TYPES, PopulationRegisterError, type GuardianType, type PopulationRegister, type RegisterWard } from './population-register';
import { child, childrenNamed, escapeXml, parseXml, textAt, XmlParseError, type XmlElement } from './xml.server';

/** An X-Road identifier: INSTANCE/CLASS/CODE/SUBSYSTEM[/SERVICE[/VERSION]]. */
export interface XRoadId {
  xRoadInstance: string;
  memberClass: string;
  memberCode: string;
  subsystemCode: string;
  serviceCode?: string;
  serviceVersion?: string;
}

export function parseXRoadId(value: string, kind: 'client' | 'service'): XRoadId {
  const parts = value.split('/');
  const [xRoadInstance, memberClass, memberCode, subsystemCode, serviceCode, serviceVersion] = parts;
  const ok = kind === 'client' ? parts.length === 4 : parts.length === 5 || parts.length === 6;
  if (!ok || parts.some((p) => !p)) throw new Error(`not an X-Road ${kind} identifier: ${value}`);
  return { xRoadInstance: xRoadInstance!, memberClass: memberClass!, memberCode: memberCode!, subsystemCode: subsystemCode!, serviceCode, serviceVersion };
}

export interface VtjConfig {
  /** Our security server's endpoint for consumer requests, e.g. https://xroad-ss.internal/. */
  url: string;
  client: XRoadId;
  service: XRoadId;
  /** The VTJ user id and password DVV issues with the access permit. */
  username: string;
  password: string;
  /** The product (SoSoNimi) whose answer carries the guardian's wards. */
  productCode: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const NS = {
  soap: 'http://schemas.xmlsoap.org/soap/envelope/',
  xrd: 'http://x-road.eu/xsd/xroad.xsd',
  id: 'http://x-road.eu/xsd/identifiers',
  vtj: 'http://xml.vrk.fi/ws/vtj/vtjkysely/1',
};

function idXml(tag: 'client' | 'service', id: XRoadId): string {
  const parts = [
    `<id:xRoadInstance>${escapeXml(id.xRoadInstance)}</id:xRoadInstance>`,
    `<id:memberClass>${escapeXml(id.memberClass)}</id:memberClass>`,
    `<id:memberCode>${escapeXml(id.memberCode)}</id:memberCode>`,
    `<id:subsystemCode>${escapeXml(id.subsystemCode)}</id:subsystemCode>`,
    ...(tag === 'service' && id.serviceCode ? [`<id:serviceCode>${escapeXml(id.serviceCode)}</id:serviceCode>`] : []),
    ...(tag === 'service' && id.serviceVersion ? [`<id:serviceVersion>${escapeXml(id.serviceVersion)}</id:serviceVersion>`] : []),
  ];
  return `<xrd:${tag} id:objectType="${tag === 'client' ? 'SUBSYSTEM' : 'SERVICE'}">${parts.join('')}</xrd:${tag}>`;
}

/** The SOAP request: X-Road headers (client, service, message id, end user) and the VTJ query. */
function vtjRequestXml(config: VtjConfig, query: { identityCode: string; endUserId: string }, messageId: string): string {
  const field = (name: string, value = '') => `<vtj:${name}>${escapeXml(value)}</vtj:${name}>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<soap:Envelope xmlns:soap="${NS.soap}" xmlns:xrd="${NS.xrd}" xmlns:id="${NS.id}" xmlns:vtj="${NS.vtj}">`,
    `<soap:Header>`,
    idXml('client', config.client),
    idXml('service', config.service),
    `<xrd:id>${escapeXml(messageId)}</xrd:id>`,
    `<xrd:userId>${escapeXml(query.endUserId)}</xrd:userId>`,
    `<xrd:protocolVersion>4.0</xrd:protocolVersion>`,
    `</soap:Header>`,
    `<soap:Body><vtj:HenkilonTunnusKysely><vtj:request>`,
    field('SoSoNimi', config.productCode),
    field('Kayttajatunnus', config.username),
    field('Salasana', config.password),
    field('Loppukayttaja', query.endUserId),
    field('Laskutustiedot'),
    field('Henkilotunnus', query.identityCode),
    field('SahkoinenAsiointitunnus'),
    field('VarmenteenMyontaja'),
    field('X509Certificate'),
    field('VarmenteenVoimassaolotarkistus'),
    field('VarmenteenSulkulistatarkistus'),
    field('Tunnistusportaali'),
    field('Vara1'),
    `</vtj:request></vtj:HenkilonTunnusKysely></soap:Body>`,
    `</soap:Envelope>`,
  ].join('');
}

/** VTJ return codes (Paluukoodi/@koodi): found, and no data for the identity code. */
const FOUND = '0000';
const NOT_FOUND = '0001';

/** The guardian's role codes of the answer (Huoltajanlaji; assumed, ADR 0023); anything else is `other`. */
const ROLE_CODES: Record<string, GuardianType> = { '1': 'parent', '01': 'parent', '2': 'nextOfKin', '02': 'nextOfKin', '3': 'trustee', '03': 'trustee' };

function wardOf(element: XmlElement): RegisterWard | null {
  const code = textAt(element, 'Henkilotunnus');
  const parsed = code ? parseIdentityCode(code, { allowDevelopmentForm: false }) : null;
  if (!parsed?.ok) return null;
  const firstName = textAt(element, 'NykyisetEtunimet', 'Etunimet') ?? textAt(element, 'Etunimet');
  const lastName = textAt(element, 'NykyinenSukunimi', 'Sukunimi') ?? textAt(element, 'Sukunimi');
  if (!firstName || !lastName) return null;
  const role = child(element, 'Huoltajanlaji')?.attributes.koodi ?? textAt(element, 'Huoltajanlaji');
  const type = (role && ROLE_CODES[role]) || (GUARDIAN_TYPES.includes(role as GuardianType) ? (role as GuardianType) : 'other');
  const protectedAddress = child(element, 'Turvakielto')?.attributes.koodi === '1' || textAt(element, 'Turvakielto', 'TurvakieltoTieto') === '1';
  const address = child(element, 'VakinainenKotimainenLahiosoite');
  const street = textAt(address, 'LahiosoiteS');
  const postalCode = textAt(address, 'Postinumero');
  const postOffice = textAt(address, 'PostitoimipaikkaS');
  return {
    identityCode: parsed.code,
    firstName,
    lastName,
    birthDate: parsed.birthDate,
    guardianType: type,
    address: !protectedAddress && street && postalCode && postOffice ? { streetAddress: street, postalCode, postOffice } : null,
  };
}

/** Reads the SOAP answer: the wards, none (not found), or a mapped error. */
function parseVtjResponse(body: string): RegisterWard[] {
  let envelope: XmlElement;
  try {
    envelope = parseXml(body);
  } catch (error) {
    throw new PopulationRegisterError('protocol', error instanceof XmlParseError ? `unreadable answer: ${error.message}` : 'unreadable answer');
  }
  const bodyElement = child(envelope, 'Body');
  if (envelope.name !== 'Envelope' || !bodyElement) throw new PopulationRegisterError('protocol', 'not a SOAP envelope');
  const fault = child(bodyElement, 'Fault');
  if (fault) {
    // X-Road's own faults (Server.*/Client.* codes from the security servers) mean the service was not reached.
    const faultCode = textAt(fault, 'faultcode') ?? 'unknown';
    throw new PopulationRegisterError('unavailable', `SOAP fault ${faultCode.replace(/[^\w.:-]/g, '')}`);
  }
  const answer = child(bodyElement, 'VTJHenkiloVastaussanoma', true);
  if (!answer) throw new PopulationRegisterError('protocol', 'no VTJHenkiloVastaussanoma in the answer');
  const returnCode = child(answer, 'Paluukoodi')?.attributes.koodi;
  if (returnCode === NOT_FOUND) return [];
  if (returnCode !== FOUND) throw new PopulationRegisterError('refused', `VTJ return code ${(returnCode ?? 'missing').replace(/\W/g, '')}`);
  const person = child(answer, 'Henkilo');
  const wards: RegisterWard[] = [];
  for (const element of childrenNamed(person, 'Huollettava')) {
    const ward = wardOf(element);
    if (ward) wards.push(ward);
  }
  return wards;
}

export function createVtjRegister(config: VtjConfig): PopulationRegister {
  const doFetch = config.fetch ?? fetch;
  return {
    kind: 'vtj',
    async wardsOf(query) {
      let response: Response;
      try {
        response = await doFetch(config.url, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
          body: vtjRequestXml(config, query, randomUUID()),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new PopulationRegisterError(timedOut ? 'timeout' : 'unavailable', timedOut ? 'no answer in time' : 'security server not reached');
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new PopulationRegisterError(timedOut ? 'timeout' : 'unavailable', 'answer cut off');
      }
      // A SOAP fault comes with 500; anything else that is not 2xx is the server's, not VTJ's.
      if (!response.ok && !text.includes('Fault')) throw new PopulationRegisterError('unavailable', `HTTP ${response.status}`);
      return parseVtjResponse(text);
    },
  };
}
