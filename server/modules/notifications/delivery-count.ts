import { Counter } from "prom-client";

/**
 * Deliveries by channel and outcome ("sent", "refused", "quiet", "off", or "failed": an error
 * the job retries). Counted always; shown at /metrics when metrics are on (monitoring module).
 */
export const deliveriesCounted = new Counter({
  name: "bwb_notification_deliveries_total",
  help: "Notification deliveries by channel (email, push) and outcome (sent, refused, quiet, off, failed).",
  labelNames: ["channel", "outcome"] as const,
  registers: [],
});
