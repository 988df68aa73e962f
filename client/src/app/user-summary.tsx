import { useState } from "react";
import { useAuth } from "@/lib/auth/use-auth.ts";

/** Sidebar footer: avatar, first name (fallback 'Player', product §2) and e-mail. */
export function UserSummary() {
  const { user } = useAuth();
  const [imageFailed, setImageFailed] = useState(false);
  const firstName = user?.firstName || "Player";
  const imageUrl = imageFailed ? null : user?.profileImageUrl;

  return (
    <div className="flex items-center gap-3 border-t p-4">
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          className="size-10 rounded-full object-cover"
          onError={() => setImageFailed(true)}
        />
      ) : (
        // Without a usable picture, the initial stands in; the name beside it says who it is.
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-full bg-accent font-semibold text-accent-foreground"
        >
          {firstName.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-medium">{firstName}</p>
        {user?.email && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
      </div>
    </div>
  );
}
