import { endpoint } from './endpoint.js';

/** The session cookie the API sets on login and reads on every signed-in request. */
export const SESSION_COOKIE = 'smi_session';

export const apiDescriptionEndpoints = {
  /** The API described as an OpenAPI 3.1 document (made from the endpoint table by openApiDocument). */
  openApi: endpoint({ method: 'GET', path: '/api/openapi.json', access: 'public', permission: 'account' }),
};
