/**
 * The posted form, or a 400 for a body that is not a form at all (a missing or wrong content type,
 * broken multipart): a bad request, not a server error.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The request is not a valid form submission.", { status: 400 });
  }
}
