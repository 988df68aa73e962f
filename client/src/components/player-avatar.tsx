import { useState } from "react";
import { cn } from "@/lib/cn.ts";

type PlayerAvatarProps = {
  imageUrl: string | null | undefined;
  /** The letter shown without a usable picture (product §2: first name's, else e-mail's). */
  initial: string;
  className?: string;
};

/** Decorative: the name next to it says who it is. */
export function PlayerAvatar({ imageUrl, initial, className }: PlayerAvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = cn("size-16 shrink-0 rounded-full", className);
  if (imageUrl && !failed) {
    return (
      <img
        src={imageUrl}
        alt=""
        className={cn(classes, "object-cover")}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        classes,
        "grid place-items-center bg-accent text-2xl font-bold text-accent-foreground",
      )}
    >
      {initial.charAt(0).toUpperCase() || "?"}
    </span>
  );
}
