/**
 * The office's contact details: placeholders until the real ones exist (product §2). The
 * 555-01xx numbers and the .example domain are reserved for fiction, so no one real is reached.
 */
export const OFFICE = {
  email: "hello@ballwiththebros.example",
  phone: "(310) 555-0142",
  phoneHref: "tel:+13105550142",
  addressLines: ["1200 Court Street, Suite 300", "Los Angeles, CA 90012"],
} as const;

export const OFFICE_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM PT" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM PT" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** Spec §1/§9: the reply promise. */
export const REPLY_PROMISE = "We'll get back to you within 24 hours.";
