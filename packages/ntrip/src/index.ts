/**
 * NTRIP as the api and the gateway both speak it: mountpoint names and who may pull which (decision 035), which
 * projects take a network's corrections, the client that reads another caster (its sourcetable and its stream,
 * under the outbound rule of decision 020), and the chunked encoding of NTRIP 2.
 */
export { mountKey, resolveMount, ntripAccess, type MountRow, type Requester } from './mounts.js';
export { EXTERNAL_PROJECT } from './external-project.js';
export { ntripClient, fetchSourcetable, type ClientLog, type NtripClientOptions, type NtripClientState } from './client.js';
export { basicAuth, ggaSentence, parseSourcetable, readReplyHead, replyLineText, type ReplyHead, type SourcetableEntry } from './client-wire.js';
export { allowedNtripAddress } from './outbound-check.js';
export { chunk, ChunkedDecoder } from './chunked.js';
