import { healthResponse } from "~/lib/health.server";

// Liveness for the container's health check: the process answers and so does the database.
// 200 {"status":"ok"} or 503; see app/lib/health.server.ts and docs/deployment.md.
export function loader() {
  return healthResponse();
}
