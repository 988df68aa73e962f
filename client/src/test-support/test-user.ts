import type { CurrentUser } from "@common/user.ts";

/** A signed-in user as GET /api/auth/user returns it; override fields per test. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "user-1",
    firstName: "Jordan",
    lastName: "Miles",
    email: "jordan@example.com",
    emailConfirmed: true,
    pendingEmail: null,
    builtInAccount: true,
    profileImageUrl: null,
    hasProfile: false,
    hasCompletedOnboarding: true,
    city: null,
    state: null,
    country: "US",
    latitude: null,
    longitude: null,
    profile: null,
    // A returning player unless a test says otherwise.
    createdAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
