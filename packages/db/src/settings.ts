const SETTING_NAME = /^[a-z_][a-z0-9_.]*$/;
const SETTING_VALUE = /^[A-Za-z0-9_.-]+$/;

/** `SET LOCAL` statements for settings (names and values are checked: SET takes no parameters). */
export function settingStatements(settings: Record<string, string>): string[] {
  return Object.entries(settings).map(([name, value]) => {
    if (!SETTING_NAME.test(name) || !SETTING_VALUE.test(value)) throw new Error(`not a setting: ${name} = ${value}`);
    return `SET LOCAL ${name} = ${value}`;
  });
}
