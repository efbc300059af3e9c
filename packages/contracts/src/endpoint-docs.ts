import { z } from 'zod';
import { isAuthReply, userDataReply } from './auth.js';
import { baseRtcmView } from './base-rtcm.js';
import { autoFixView, baseSetupView, knownBaseReply, recomputation } from './base-setups.js';
import { okReply } from './common.js';
import { calibrationReply, crsSearchQuery, crsSearchReply, gridPointsReply, projectCrsReply } from './crs.js';
import { deviceNtripPasswordReply, deviceSecretReply } from './device-credentials.js';
import {
  connectedDevicesReply,
  deviceAlertsReply,
  deviceCheckReply,
  deviceReply,
  deviceView,
  registeredDevicesReply,
} from './devices.js';
import type { EndpointName } from './endpoints.js';
import { EXPORT_CONTENT_TYPES, exportQuery } from './exports.js';
import { healthReply } from './live.js';
import { notificationsReply } from './notifications.js';
import {
  correctionsClientsReply,
  ntripCredentialCreatedReply,
  ntripCredentialsReply,
  ntripSourceReply,
  sourcetableReply,
  userNtripSourceReply,
} from './ntrip.js';
import { epochView, measurementSettings, occupationView } from './occupations.js';
import { deletedPointsReply, pointChangesQuery, pointChangesReply, pointsReply, recordPointReply } from './points.js';
import { createProjectReply, projectReply, projectsReply, sectionsReply } from './projects.js';
import { publicConfigReply } from './public-config.js';
import { recordPreviewReply } from './record-preview.js';
import { settingsReply } from './settings.js';
import { CODE_LIST_FILE_TYPES, codeListReply, codeListsReply } from './code-lists.js';
import { lineworkReply } from './linework.js';
import { deviceTransferReply, invitationReply, invitationsReply, membersReply, workspaceReply, workspacesReply } from './workspaces.js';
import { PHOTO_MEDIA_TYPES, PHOTO_UPLOAD_TYPES, photoReply, photosReply, photoUploadQuery } from './photos.js';
import { designImportReply, designPointReply, designPreviewReply, designReply } from './design.js';
import { stakeGuidanceQuery, stakeGuidanceReply, stakeRecordsReply, stakeStationsQuery, stakeStationsReply, startStakeReply } from './stake.js';
import { cogoAreaReply, cogoInverseReply, cogoStoreReply, cogoTraverseReply } from './cogo.js';
import { auditQuery, auditReply } from './audit.js';

/**
 * What the endpoint table does not say about each endpoint, for the API's OpenAPI document: a one-line summary, the
 * query parameters it reads, and its successful reply. A reply is a JSON body described by a zod schema (`json`), or
 * a file (`files`: its media types; errors are still the JSON error reply). Every endpoint of the table has an entry:
 * a test fails when one is missing.
 */
export interface EndpointDoc {
  summary: string;
  /** Query parameters (`?name=value`), all optional unless the schema says otherwise. */
  query?: z.ZodObject;
  /** The success status; 200 unless said. */
  status?: number;
  /** Other success statuses with the same body, and why. */
  alsoStatus?: Record<number, string>;
  json?: z.ZodType;
  files?: string[];
  /** The request body is a file of one of these media types (not JSON). */
  upload?: string[];
}

const messageReply = okReply.extend({ message: z.string() });
const occupationReply = z.object({ success: z.literal(true), occupation: occupationView });
const setupChangeReply = z.object({ success: z.literal(true), message: z.string(), setup: baseSetupView, recomputed: recomputation });
const autoFixReply = z.object({ success: z.literal(true), autoFix: autoFixView });
const measurementSettingsReply = z.object({ success: z.literal(true), settings: measurementSettings });
/** A device as GET /api/devices/{id} answers it: a base also carries what its RTCM stream said (null before any). */
const deviceWithRtcm = deviceView.extend({ Rtcm: baseRtcmView.nullable().optional() });
const settingsChangedReply = settingsReply.extend({ message: z.string() });
const unique = (types: Iterable<string>) => [...new Set(types)];

/** The OpenAPI document itself (an object; its shape is OpenAPI 3.1's). */
const openApiReply = z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

export const endpointDocs: Record<EndpointName, EndpointDoc> = {
  isAuth: { summary: 'Whether the request carries a valid session (401 with success false when not).', json: isAuthReply, alsoStatus: { 401: 'no valid session: success false' } },
  register: { summary: 'Create an account and sign in (the session cookie is set).', status: 201, json: messageReply },
  sendVerifyOtp: { summary: 'Mail a six-digit code that verifies the account e-mail.', json: messageReply },
  login: { summary: 'Sign in with e-mail and password (the session cookie is set).', json: messageReply, alsoStatus: { 403: 'signed in but the e-mail is not verified yet: success false' } },
  verifyEmail: { summary: "Verify the signed-in account's e-mail with the mailed code.", json: messageReply },
  sendResetOtp: { summary: 'Mail a password-reset code (the same answer whether or not the account exists).', json: messageReply },
  resetPassword: { summary: 'Set a new password with a mailed reset code.', json: messageReply },
  sendUnlockOtp: { summary: 'Mail a code that unlocks logins locked out for this address.', json: messageReply },
  unlockLogin: { summary: 'Unlock logins for this address with the mailed code.', json: messageReply },
  logout: { summary: 'Sign out: the session ends and its cookie is cleared.', json: messageReply },
  userData: { summary: 'The signed-in user.', json: userDataReply },
  changePassword: { summary: 'Change the password; every other session of the account ends.', json: messageReply },
  getSettings: { summary: "The user's settings (defaults where none are stored).", json: settingsReply },
  putSettings: { summary: 'Change some settings; the rest stay as they are.', json: settingsChangedReply },
  resetSettings: { summary: 'Restore the default settings.', json: settingsChangedReply },
  exportPoints: {
    summary: "A project's points as a file (pdf, dxf, csv, txt, geojson, kml, zipped shapefile, LandXML) in the project's coordinate system; csv or txt with photos=1: a zip of the file with its photos beside it.",
    query: exportQuery,
    files: unique(Object.values(EXPORT_CONTENT_TYPES)),
  },
  registerDevice: { summary: 'Register a device by its code (its MQTT username).', status: 201, json: deviceReply },
  getDevice: {
    summary: 'One device, by id or code; a base also carries what its RTCM stream said.',
    json: z.object({ success: z.literal(true), device: deviceWithRtcm, ...deviceWithRtcm.shape }),
  },
  checkDevice: { summary: 'Whether a device code is registered and connected to an account.', json: deviceCheckReply },
  addDevice: { summary: "Connect a registered device to the user's Connected Devices.", json: deviceReply },
  removeDevice: { summary: 'Disconnect a device; its open connections are closed.', json: deviceReply },
  connectedDevices: { summary: "The user's connected devices.", json: connectedDevicesReply },
  registeredDevices: { summary: "Every device the user registered.", json: registeredDevicesReply },
  deviceAlerts: { summary: 'Connected devices that are offline, low on battery or with a weak signal.', json: deviceAlertsReply },
  baseStations: { summary: "The user's connected base stations.", json: connectedDevicesReply },
  clientDevices: { summary: "The user's connected rovers.", json: connectedDevicesReply },
  recentProjects: { summary: "The user's most recent projects.", json: projectsReply },
  userProjects: { summary: "Every project of the user.", json: projectsReply },
  createProject: { summary: 'Create a project with its base station and rovers.', status: 201, json: createProjectReply },
  getProject: { summary: 'One project.', json: projectReply },
  deleteProject: { summary: 'Delete a project with its points.', json: messageReply },
  setProjectStatus: { summary: 'Set a project Active, Paused or Completed.', json: projectReply },
  addSection: { summary: 'Add a section to a project.', json: sectionsReply },
  removeSection: { summary: 'Remove a section from a project.', json: sectionsReply },
  setBaseMode: { summary: "Set how the project's base is positioned: a known position or Auto Fix.", json: projectReply },
  setBaseLocation: {
    summary: "Type the base's known position; the base setup in force and its points follow.",
    json: projectReply.extend({ recomputed: recomputation.optional(), baseSetupId: z.string().optional() }),
  },
  listPoints: { summary: "A project's points (gzip when the client accepts it; ETag).", json: pointsReply },
  pointChanges: {
    summary:
      "The project's points changed after the cursor `since` (each one's state now, or null when deleted), oldest change first, and the cursor to ask from next; without `since`, only the cursor now. Sockets watching the project are pushed the same changes.",
    query: pointChangesQuery,
    json: pointChangesReply,
  },
  recordPoint: {
    summary: 'Record a point; the same ClientId twice stores it once.',
    status: 201,
    alsoStatus: { 200: 'the point of this ClientId was already stored: it is returned', 409: 'the point of this ClientId was deleted since: it is not recorded again' },
    json: recordPointReply,
  },
  deletePoint: { summary: 'Delete a point: it leaves every list and its name is free, and an admin can restore it for 30 days.', json: messageReply },
  renamePoint: { summary: 'Rename a point.', json: recordPointReply },
  recodePoint: { summary: "Change a point's feature code string (and attribute values, else those of the codes it keeps).", json: recordPointReply },
  editPointLine: {
    summary: "Edit a line at this point without measuring again: start a new line, break or close it here, let it run through, or take the point out of it (the point's code string is rewritten); or move the point one place earlier or later along the line (the line's order is kept).",
    json: recordPointReply,
  },
  setPointNote: { summary: "Change a point's note.", json: recordPointReply },
  listDeletedPoints: { summary: "A project's deleted points that can still be restored (owners and admins), the last deleted first, with who deleted each and until when.", json: deletedPointsReply },
  restorePoint: { summary: 'Restore a deleted point as it was (owners and admins; 409 while a point recorded since has its name; 404 once purged).', json: recordPointReply },
  listNotifications: { summary: "The user's latest notifications, at most count of them.", json: notificationsReply },
  listRecentNotifications: { summary: "The user's latest ten notifications.", json: notificationsReply },
  markNotificationRead: { summary: 'Mark a notification read.', json: messageReply },
  newDeviceSecret: { summary: "Make a device's MQTT secret (shown only in this reply); the old one stops working.", status: 201, json: deviceSecretReply },
  newDeviceNtripPassword: {
    summary: "Make a device's NTRIP password (shown only in this reply): from then on the caster takes it, not the MQTT secret.",
    status: 201,
    json: deviceNtripPasswordReply,
  },
  claimDevice: { summary: "Activate a device with the activation key printed on it.", json: deviceReply },
  health: {
    summary: "The database, and for the host itself or a HEALTH_TOKEN bearer the gateways' counters (503 while the database is down).",
    json: healthReply,
    alsoStatus: { 503: 'the database does not answer: success false' },
  },
  publicConfig: { summary: 'What the browser needs before sign-in: the map tile URL and where devices connect.', json: publicConfigReply },
  startOccupation: {
    summary: 'Start measuring a point with a rover over several epochs.',
    status: 201,
    alsoStatus: { 200: 'an occupation of this ClientId already exists: it is returned' },
    json: occupationReply,
  },
  getOccupation: { summary: 'One occupation and its progress.', json: occupationReply },
  acceptOccupation: { summary: 'Accept an occupation early: its point is stored from the epochs so far.', json: occupationReply },
  cancelOccupation: { summary: 'Cancel an occupation; nothing is stored.', json: occupationReply },
  pointEpochs: {
    summary: "The raw epochs a point was measured from (format=csv: a CSV file).",
    query: z.object({ format: z.enum(['json', 'csv']).optional() }),
    json: z.object({ success: z.literal(true), epochs: z.array(epochView) }),
    files: ['text/csv; charset=utf-8'],
  },
  getMeasurementSettings: { summary: "A project's occupation settings: method, tolerances, antenna.", json: measurementSettingsReply },
  putMeasurementSettings: { summary: "Change a project's occupation settings.", json: measurementSettingsReply },
  changePointAntenna: { summary: "Correct a point's antenna set-up; its heights are re-computed.", json: messageReply },
  recordPreview: { summary: 'What recording a position now would store, with its grid coordinate; nothing is stored.', json: recordPreviewReply },
  setKnownBase: { summary: 'Put the base over a known mark (by latitude/longitude, grid coordinate or a stored point); DryRun previews.', json: knownBaseReply },
  listBaseSetups: { summary: "Every version of a project's base setups.", json: z.object({ success: z.literal(true), setups: z.array(baseSetupView) }) },
  correctBaseSetup: { summary: "Correct a base setup's coordinates; the points measured from it are re-computed.", json: setupChangeReply },
  undoBaseSetup: { summary: "Go back to a base setup's previous coordinates (a new version).", json: setupChangeReply },
  startAutoFix: { summary: "Average the base's own position for a set time.", status: 201, json: autoFixReply },
  latestAutoFix: { summary: "A project's latest Auto Fix (null when none).", json: z.object({ success: z.literal(true), autoFix: autoFixView.nullable() }) },
  acceptAutoFix: {
    summary: "Take a finished Auto Fix as the base's coordinates.",
    json: z.object({ success: z.literal(true), message: z.string(), autoFix: autoFixView, setup: baseSetupView, recomputed: recomputation.nullable() }),
  },
  cancelAutoFix: { summary: 'Cancel a running Auto Fix.', json: autoFixReply },
  exportReport: { summary: "A project's survey report as a PDF file.", files: ['application/pdf'] },
  searchCrs: { summary: 'Search coordinate systems by EPSG code or name.', query: crsSearchQuery, json: crsSearchReply },
  getProjectCrs: { summary: "A project's coordinate system, vertical reference and corrections datum.", json: projectCrsReply },
  setProjectCrs: { summary: "Set a project's coordinate system, vertical reference and corrections datum.", json: projectCrsReply },
  getCalibration: { summary: "A project's site calibration in force (null when none).", json: calibrationReply },
  setCalibration: { summary: 'Fit a site calibration to pairs of measured and known coordinates.', json: calibrationReply },
  removeCalibration: { summary: 'Remove the site calibration.', json: calibrationReply.extend({ message: z.string() }) },
  gridPoints: { summary: "Every point's grid coordinate in the project's coordinate system.", json: gridPointsReply },
  getNtripSource: { summary: "A project's external NTRIP caster (never its password; null when none).", json: ntripSourceReply },
  putNtripSource: { summary: "Set a project's external NTRIP caster.", json: ntripSourceReply },
  deleteNtripSource: { summary: "Remove a project's external NTRIP caster.", json: messageReply },
  ntripSourcetable: { summary: "An external caster's mountpoints, to pick one from.", json: sourcetableReply },
  listNtripCredentials: { summary: "The user's NTRIP credentials (never their passwords).", json: ntripCredentialsReply },
  createNtripCredential: { summary: 'Make an NTRIP credential; its password is shown only in this reply.', status: 201, json: ntripCredentialCreatedReply },
  deleteNtripCredential: { summary: 'Revoke an NTRIP credential; its open pulls end.', json: messageReply },
  getUserNtripSource: { summary: "The user's NTRIP correction source of Settings (never its password).", json: userNtripSourceReply },
  putUserNtripSource: { summary: "Set the user's NTRIP correction source; an empty URL removes it.", json: userNtripSourceReply },
  correctionsClients: { summary: "Who receives a base device's corrections now, over NTRIP or MQTT.", json: correctionsClientsReply },
  projectCorrectionsClients: { summary: "Who receives a project's corrections now, over NTRIP or MQTT.", json: correctionsClientsReply },
  openApi: { summary: 'This API described as an OpenAPI 3.1 document.', json: openApiReply },
  listCodeLists: { summary: "The user's feature code lists, with how many codes each has and how many projects use it.", json: codeListsReply },
  defaultCodeList: { summary: 'The shipped code list a project without one reads its codes with.', json: codeListReply },
  createCodeList: { summary: 'Make a code list.', status: 201, json: codeListReply },
  importCodeList: {
    summary: 'Make a code list from a Carlson field-to-finish CSV or a JSON file; a bad file answers 400 naming every bad line in `errors` and nothing is stored.',
    status: 201,
    json: codeListReply,
  },
  getCodeList: { summary: 'One code list.', json: codeListReply },
  replaceCodeList: { summary: 'Replace a code list whole.', json: codeListReply },
  deleteCodeList: { summary: 'Delete a code list (409 while a project uses it).', json: messageReply },
  exportCodeList: { summary: "A code list as a file: Carlson's five columns (carlson-csv), CSV with a header (csv) or JSON.", files: CODE_LIST_FILE_TYPES },
  projectCodeList: { summary: 'The code list a project reads its shots with (the default when none is assigned).', json: codeListReply },
  assignCodeList: { summary: 'Give a project a code list (null: the default).', json: codeListReply },
  listDesign: { summary: "A project's design points and lines (kept apart from its measured points), in its coordinate system and unit.", json: designReply },
  previewDesignImport: {
    summary: 'What importing a design file would read: the first points and lines, the CSV rows split as read, and the problems found; nothing is stored.',
    json: designPreviewReply,
  },
  importDesign: {
    summary: 'Import design points and lines from a CSV/TXT, LandXML, DXF or GeoJSON file; a file with bad rows answers 400 naming each by its line and nothing is stored, unless acceptErrors.',
    status: 201,
    json: designImportReply,
  },
  createDesignPoint: { summary: 'Type in a design point (409 when the project already has one of that name).', status: 201, json: designPointReply },
  updateDesignPoint: { summary: 'Edit a design point: only the fields given change (409 for a name already used).', json: designPointReply },
  deleteDesignPoint: { summary: 'Delete a design point.', json: messageReply },
  deleteDesignLine: { summary: 'Delete a design line.', json: messageReply },
  stakeGuidance: {
    summary: "Stake-out guidance from a rover's latest reading to a design point, or to a design line (onto it, or to a station and offset of it, with the rover's station, offset and cut/fill against the elevation along the line), placed as an occupation would store it: deltas, distance, bearing, cut/fill, tolerance, and why it is greyed (not RTK fixed, stale).",
    query: stakeGuidanceQuery,
    json: stakeGuidanceReply,
  },
  startStake: {
    summary: "Stake a design point, or a design line at a station and offset: an occupation of the rover with the project's stake method, its point named ST-<design name> unless named, linked to the design as it is now.",
    status: 201,
    alsoStatus: { 200: 'the same ClientId again: the occupation it started' },
    json: startStakeReply,
  },
  listStakeRecords: { summary: "A project's as-staked records: the design point as staked against, the stored point, rover − design deltas, in or out of tolerance, who and when.", json: stakeRecordsReply },
  stakeReportCsv: { summary: 'The cut sheet as CSV: design and staked N/E/Z, dN, dE, dZ with cut/fill, horizontal distance, in/out of tolerance, who, when.', files: ['text/csv'] },
  stakeStations: { summary: 'Stations along a design line at an interval, with offsets left/right (negative left): named "0+020.000 R2", with their coordinates and the elevation interpolated along the line.', query: stakeStationsQuery, json: stakeStationsReply },
  stakeReportPdf: { summary: 'The stake report as PDF: a plan of the design and the staked points (in tolerance green, out red), then the cut sheet table with out-of-tolerance rows marked OUT.', files: ['application/pdf'] },
  cogoInverse: { summary: 'Inverse between two points of the project (design or measured): grid and ground distance with the factors used, grid azimuth, height difference, slope.', json: cogoInverseReply },
  cogoArea: { summary: 'Area and perimeter of a ring of the project\'s points, in the order given, on the grid.', json: cogoAreaReply },
  cogoTraverse: { summary: 'The point at a grid bearing and a grid or ground distance from a point of the project (returned, not stored).', json: cogoTraverseReply },
  cogoStorePoint: { summary: 'The point at a bearing and distance from a point of the project, stored as a design point (409 when the name is taken).', status: 201, json: cogoStoreReply },
  listPhotos: { summary: "A point's photos: ids, size, when taken, and the addresses of the file and its thumbnail.", json: photosReply },
  uploadPhoto: {
    summary: 'Add a photo to a point: the body is the image file (JPEG, PNG, WebP or AVIF, told by its content; at most 15 MB); ?name= gives its file name.',
    query: photoUploadQuery,
    upload: PHOTO_UPLOAD_TYPES,
    status: 201,
    json: photoReply,
  },
  photoFile: { summary: 'A photo, byte for byte as it was uploaded.', files: Object.keys(PHOTO_MEDIA_TYPES) },
  photoThumbnail: {
    summary: "A photo's thumbnail: a JPEG turned upright, without metadata. Made after the upload's reply; asked for before, it is made then and the reply waits for it.",
    files: ['image/jpeg'],
    alsoStatus: { 409: "the photo's picture data could not be decoded: no thumbnail (the photo is kept, flagged by ThumbnailProblem)" },
  },
  deletePhoto: { summary: "Delete a point's photo.", json: messageReply },
  projectLinework: { summary: "The lines and polygons built from a project's coded points, in its coordinate system, with the shots that could not be followed.", json: lineworkReply },
  listAudit: {
    summary: "The current workspace's audit trail, newest first (owners and admins): who did what and when, with the before and after; filtered by project, member, action and time, a page of `limit` entries before the cursor `before`.",
    query: auditQuery,
    json: auditReply,
  },
  downloadAudit: { summary: 'The audit trail of the same filter as a CSV file, every matching entry, newest first.', query: auditQuery.omit({ before: true, limit: true }), files: ['text/csv; charset=utf-8'] },
  listWorkspaces: { summary: 'The workspaces the user is a member of, with the role in each and which one is current.', json: workspacesReply },
  createWorkspace: { summary: 'Make a team workspace; its maker is its owner. It does not become current.', status: 201, json: workspaceReply },
  switchWorkspace: { summary: 'Work in another workspace of the user (remembered): every call then acts in it. 404 when not a member.', json: workspaceReply },
  listMembers: { summary: "The current workspace's members and their roles.", json: membersReply },
  changeMemberRole: { summary: "Change a member's role (admins and the owner; the owner's role changes by a transfer only). It holds from the member's next request.", json: messageReply },
  removeMember: { summary: "Remove a member: their next request answers like a missing object, their sockets are closed. The owner cannot be removed.", json: messageReply },
  leaveWorkspace: { summary: 'Leave the current team workspace (the owner transfers it first); the personal workspace becomes current.', json: messageReply },
  transferWorkspace: { summary: 'Make another member the owner; the owner becomes an admin.', json: messageReply },
  deleteWorkspace: { summary: 'Delete the current team workspace and all its work (owner only; a personal workspace cannot be deleted).', json: messageReply },
  listInvitations: { summary: 'Pending invitations of the current workspace.', json: invitationsReply },
  invite: {
    summary: 'Invite an e-mail address with a role: a single-use link valid 7 days is mailed. Answers the same whether or not the address has an account.',
    status: 201,
    json: invitationReply,
  },
  resendInvitation: { summary: 'Mail a pending invitation again, with a new link valid 7 days (the old link stops working).', json: invitationReply },
  revokeInvitation: { summary: 'Withdraw a pending invitation: its link stops working.', json: messageReply },
  transferDevice: {
    summary: "Move a device of the current workspace to another workspace the user owns or administers (the owner only). It leaves this workspace's projects; its connections end and a new MQTT secret, shown only in this reply, replaces the old one and its NTRIP password.",
    json: deviceTransferReply,
  },
  acceptInvitation: { summary: "Join a workspace from an invitation's link: the signed-in, verified account must have the invited address. The workspace becomes current.", json: workspaceReply },
};
