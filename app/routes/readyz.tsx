import { readinessResponse } from "~/lib/health.server";

// Readiness for the load balancer: the database answers, every migration is applied, and the
// server is not draining for a shutdown. 200 {"status":"ready"} or 503; see docs/deployment.md.
export function loader() {
  return readinessResponse();
}
