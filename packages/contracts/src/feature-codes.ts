import { z } from 'zod';
import { errorReply } from './common.js';
import { checkAttribute, checkCodeList, checkControlCodes, checkFeatureCode } from './feature-code-rules.js';
import { caseless, optionalText, requiredText } from './survey-fields.js';

/**
 * Feature codes (decision 045): a code list names what a shot is (edge of pavement, tree, manhole), how its shots
 * join into linework, the layer and colour it is drawn in and the attributes a surveyor records with it.
 * Lengths are Carlson's field-to-finish limits, so every list we hold also loads into a Carlson controller.
 */
export const FEATURE_KINDS = ['point', 'line', 'polygon'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];
export const ATTRIBUTE_TYPES = ['text', 'number', 'choice', 'yes-no'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const CONTROL_ACTIONS = ['start', 'end', 'close', 'arcStart', 'arcEnd', 'join'] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

/**
 * What a surveyor does to a line at one of its points without measuring again: start a new line there, break it
 * there, close it there, let it run through (undoing those), take the point out of it, or move it one place
 * earlier or later along the line (decision 075).
 */
export const LINE_EDITS = ['start', 'break', 'close', 'continue', 'remove', 'earlier', 'later'] as const;
export type LineEdit = (typeof LINE_EDITS)[number];
/** The edits that change the order of a line's points, not the point's code string. */
export const LINE_MOVES = ['earlier', 'later'] as const satisfies readonly LineEdit[];
export type LineMoveEdit = (typeof LINE_MOVES)[number];

export const FEATURE_CODE_LIMITS = {
  code: 19,
  layer: 39,
  description: 99,
  listName: 100,
  codes: 1000,
  attributes: 20,
  attributeName: 40,
  choices: 50,
  choice: 60,
  textValue: 250,
  controlCode: 8,
  /** a shot's whole code string, e.g. 'KB1 PC FE2 JPN CP7' */
  codeString: 200,
} as const;

const L = FEATURE_CODE_LIMITS;
/** The rules across fields run even when a field failed, so one pass names every bad row (they read defensively). */
const ALWAYS = { when: () => true };
const NO_SPACES = [(s: string) => !/\s/.test(s), { message: 'must not contain spaces (a space separates the codes of one shot)' }] as const;

/** A feature code as typed on a shot: no spaces, no commas or quotes (the CSV column), at most 19 characters. */
export const codeName = requiredText(L.code, 'code is required')
  .refine(...NO_SPACES)
  .refine((s) => /^[\p{L}\p{N}_\-.+#&\s]*$/u.test(s), { message: 'must be letters, digits or _ - . + # & only' });

/** A control code: like a code, without digits (a trailing number is a string number: EP1, EP2). */
export const controlCodeName = requiredText(L.controlCode, 'control code is required')
  .refine(...NO_SPACES)
  .refine((s) => /^[\p{L}_\-.+#&*!\s]*$/u.test(s), { message: 'must be letters or _ - . + # & * ! only (no digits)' });

/** Characters AutoCAD refuses in a layer name. */
const LAYER_FORBIDDEN = /[<>/\\":;?*|=,`\p{Cc}]/u;
export const layerName = requiredText(L.layer, 'layer is required').refine((s) => !LAYER_FORBIDDEN.test(s), {
  message: 'must not contain < > / \\ " : ; ? * | = , or `',
});

const COLOUR_MESSAGE = 'must be a colour like #FF8800';
/** '#f80', 'ff8800' and '#FF8800' are the same colour; stored as '#FF8800' (CSS and DXF true colour both read it). */
export const colour = z
  .string({ message: COLOUR_MESSAGE })
  .trim()
  .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, { message: COLOUR_MESSAGE })
  .transform((s) => {
    const hex = s.replace('#', '').toUpperCase();
    return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
  });

export const codeAttribute = z
  .strictObject({
    name: requiredText(L.attributeName, 'name is required'),
    type: caseless(ATTRIBUTE_TYPES, 'must be text, number, choice or yes-no'),
    required: z.boolean({ message: 'must be true or false' }).default(false),
    /** text: a string, number: a number, choice: one of the choices, yes-no: true or false; null: none */
    default: z
      .union([z.string().max(L.textValue, { message: `must be at most ${L.textValue} characters` }), z.number().finite(), z.boolean()], {
        message: 'must be text, a number, true or false',
      })
      .nullable()
      .default(null),
    choices: z
      .array(requiredText(L.choice, 'a choice must not be empty'), { message: 'must be a list of choices' })
      .max(L.choices, { message: `at most ${L.choices} choices` })
      .default([]),
  })
  .superRefine(checkAttribute, ALWAYS)
  .transform((a) => ({ ...a, default: a.default === '' ? null : a.default }));
export type CodeAttribute = z.infer<typeof codeAttribute>;

export const featureCode = z
  .strictObject({
    code: codeName,
    description: optionalText(L.description).default(''),
    kind: caseless(FEATURE_KINDS, 'must be point, line or polygon'),
    layer: layerName,
    colour,
    /** lines drawn with every vertex at its height (DXF POLYLINE 3D); false: flat (LWPOLYLINE), Carlson's 3D flag */
    threeD: z.boolean({ message: 'must be true or false' }).default(true),
    attributes: z
      .array(codeAttribute, { message: 'must be a list of attributes' })
      .max(L.attributes, { message: `at most ${L.attributes} attributes` })
      .default([]),
  })
  .superRefine(checkFeatureCode, ALWAYS);
export type FeatureCode = z.infer<typeof featureCode>;
export type FeatureCodeInput = z.input<typeof featureCode>;

/** The words typed after a code: 'EP1 ST', 'BLD CLO', 'KB2 PC', 'FE JPN CP7' (or 'FE JPNCP7'). */
export const controlCodes = z
  .strictObject({
    start: controlCodeName,
    end: controlCodeName,
    close: controlCodeName,
    arcStart: controlCodeName,
    arcEnd: controlCodeName,
    join: controlCodeName,
  })
  .superRefine(checkControlCodes);
export type ControlCodes = z.infer<typeof controlCodes>;
export const DEFAULT_CONTROL_CODES: ControlCodes = { start: 'ST', end: 'END', close: 'CLO', arcStart: 'PC', arcEnd: 'PT', join: 'JPN' };

/** A code list: the body that creates or replaces one, and the JSON file it exports to and imports from. */
export const codeList = z
  .strictObject({
    name: requiredText(L.listName, 'name is required'),
    controlCodes: controlCodes.default(DEFAULT_CONTROL_CODES),
    codes: z.array(featureCode, { message: 'must be a list of codes' }).max(L.codes, { message: `at most ${L.codes} codes` }),
  })
  .superRefine(checkCodeList, ALWAYS);
export type CodeList = z.infer<typeof codeList>;
export type CodeListInput = z.input<typeof codeList>;

/** What a shot carries: its code string and, by code, the values of that code's attributes by attribute name. */
export const codeString = optionalText(L.codeString);
export const attributeValue = z.union([z.string().max(L.textValue, { message: `must be at most ${L.textValue} characters` }), z.number().finite(), z.boolean(), z.null()], {
  message: 'must be text, a number, true or false',
});
export const attributeValues = z.record(requiredText(L.attributeName, 'attribute name is required'), attributeValue);
export const shotAttributes = z.record(requiredText(L.code, 'code is required'), attributeValues);
export type ShotAttributes = z.infer<typeof shotAttributes>;

/** A bad row of an imported code list: the file's line (null when the problem is the whole file) and why. */
export const codeListImportError = z.object({ line: z.number().int().nullable(), message: z.string() });
export type CodeListImportError = z.infer<typeof codeListImportError>;
/** The reply to an import that was refused: nothing was imported; every bad row is named. */
export const codeListImportErrorReply = errorReply.extend({ errors: z.array(codeListImportError) });
