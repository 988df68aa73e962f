import type { CurrentUser } from "@common/user.ts";

/** A signed-in user as GET /api/auth/user returns it; override fields per test. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: "user-1",
    firstName: "Jordan",
    lastName: "Miles",
    email: "jordan@example.com",
    profileImageUrl: null,
    hasProfile: false,
    hasCompletedOnboarding: true,
    city: null,
    state: null,
    country: "US",
    latitude: null,
    longitude: null,
    profile: null,
    ...overrides,
  };
}
