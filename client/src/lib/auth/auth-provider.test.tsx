import type { CurrentUser } from "@common/user.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, screen, waitFor } from "@testing-library/react";
import { type ReactNode, StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client.ts";
import { OfflineError } from "@/lib/network-status.ts";
import { stubFetch } from "@/test-support/stub-fetch.ts";
import { testUser } from "@/test-support/test-user.ts";
import { AuthProvider } from "./auth-provider.tsx";
import { useAuth } from "./use-auth.ts";

function AuthProbe() {
  const { isLoading, isAuthenticated, user } = useAuth();
  const state = isLoading
    ? "loading"
    : isAuthenticated
      ? `signed in as ${user?.firstName}`
      : "signed out";
  return <p>{state}</p>;
}

function renderWithAuth(children: ReactNode) {
  return render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("AuthProvider", () => {
  it("is loading until the check answers, then holds the user", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithAuth(<AuthProbe />);

    expect(screen.getByText("loading")).toBeInTheDocument();
    await act(async () => answer(Response.json(testUser({ firstName: "Jordan" }))));
    expect(await screen.findByText("signed in as Jordan")).toBeInTheDocument();
  });

  it("makes one shared request for concurrent consumers and does not repeat it", async () => {
    const fetchMock = stubFetch(() => Response.json(testUser()));
    renderWithAuth(
      <>
        <AuthProbe />
        <AuthProbe />
        <AuthProbe />
      </>,
    );

    expect(await screen.findAllByText("signed in as Jordan")).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/user",
      expect.objectContaining({ credentials: "include" }),
    );
  });

  it("treats a 401 as signed out without logging an error", async () => {
    stubFetch(() => Response.json({ message: "Not signed in." }, { status: 401 }));
    renderWithAuth(<AuthProbe />);

    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("treats a network failure as signed out and logs 'Auth check failed'", async () => {
    // This test expects the log, so it takes console.error over from the fail-on-error setup.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new TypeError("Failed to fetch");
    stubFetch(() => Promise.reject(failure));
    renderWithAuth(<AuthProbe />);

    expect(await screen.findByText("signed out")).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledTimes(1);
    // The request never reached the server: the api client says so with an OfflineError.
    expect(consoleError).toHaveBeenCalledWith("Auth check failed", expect.any(OfflineError));
  });

  it("refresh() re-reads the user, e.g. after a profile change", async () => {
    let user: CurrentUser = testUser({ hasProfile: false });
    const fetchMock = stubFetch(() => Response.json(user));
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={createQueryClient()}>
          <AuthProvider>{children}</AuthProvider>
        </QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.user?.hasProfile).toBe(false));

    user = testUser({ hasProfile: true });
    await act(() => Promise.all([result.current.refresh(), result.current.refresh()]));
    await waitFor(() => expect(result.current.user?.hasProfile).toBe(true));
    // Two refreshes at once share one request.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("useAuth", () => {
  it("throws outside an AuthProvider", () => {
    // React reports the render error on console.error as well; that report is expected here.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      "useAuth must be used within an AuthProvider",
    );
  });
});
