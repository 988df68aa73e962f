-- A device whose push service keeps failing is forgotten after a few deliveries in a row
-- (server/modules/notifications/delivery.ts), and an owner locked out by a guesser signs in with
-- a one-time link by e-mail (server/auth/sign-in-link.ts): decision 096.
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose" CHECK ("account_tokens"."purpose" in ('confirm_email', 'reset_password', 'change_email', 'sign_in'));
