/** The one rule for connections to addresses a user gives (custom brokers, external NTRIP casters; decision 020). */
export {
  checkOutboundUrl,
  checkHost,
  resolveAllowedAddress,
  guardedLookup,
  parseOutboundAllow,
  isPublicAddress,
  OutboundRefused,
  type OutboundAllow,
  type ResolvedAddress,
} from './guard.js';
