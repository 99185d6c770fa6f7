/**
 * The posted form, or a 400 for a body that is not a form at all (a missing or wrong content type,
 * broken multipart): a bad request, not a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new Response("The request is not a valid form submission.", { status: 400 });
  }
  dropForgedControls(formData);
  return formData;
}

/**
 * conform JSON-parses its own control fields before any schema runs and throws on a forged one (a
 * 500 for a crafted post). Our forms never post them except a well-formed 'validate' intent, which
 * the actions answer without saving; anything else under those names is dropped.
 */
function dropForgedControls(formData: FormData) {
  const intents = formData.getAll("__intent__");
  if (intents.length > 0 && !(intents.length === 1 && isValidateIntent(intents[0]))) formData.delete("__intent__");
  const states = formData.getAll("__state__");
  if (states.length > 0 && !(states.length === 1 && isJsonObject(states[0]))) formData.delete("__state__");
}

function parsed(value: FormDataEntryValue): unknown {
  if (typeof value !== "string" || value.length > 10_000) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function isJsonObject(value: FormDataEntryValue): boolean {
  const json = parsed(value);
  return typeof json === "object" && json !== null && !Array.isArray(json);
}

function isValidateIntent(value: FormDataEntryValue): boolean {
  const json = parsed(value);
  if (typeof json !== "object" || json === null || (json as { type?: unknown }).type !== "validate") return false;
  const payload = (json as { payload?: unknown }).payload;
  return payload === undefined || (typeof payload === "object" && payload !== null && !Array.isArray(payload));
}
