import { parseOutboundAllow, resolveAllowedAddress } from '@smi/outbound';

/**
 * The NTRIP client's outbound rule, the custom brokers' one (decision 020): no loopback, link-local, private or
 * reserved addresses unless the operator admits them (CUSTOM_BROKER_ALLOW). Resolves the host and answers the
 * checked address to connect to, so a name cannot resolve differently afterwards.
 */
export async function allowedNtripAddress(host: string, allowSetting: string | undefined): Promise<string> {
  const [first] = await resolveAllowedAddress(host, { allow: parseOutboundAllow(allowSetting) });
  return first!.address;
}
