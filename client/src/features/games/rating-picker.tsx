import { RATING_MAX, RATING_MIN } from "@common/game-limits.ts";
import { useId } from "react";
import { cn } from "@/lib/cn.ts";

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

type RatingPickerProps = {
  playerName: string;
  value: number | undefined;
  onChange: (rating: number) => void;
};

/** One player's rating: a radio group named after them, options read as "4 of 5". */
export function RatingPicker({ playerName, value, onChange }: RatingPickerProps) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${name}-player`}
      className="flex flex-wrap items-center justify-between gap-2 py-2"
    >
      <span id={`${name}-player`} className="min-w-0 truncate font-medium">
        {playerName}
      </span>
      <div className="flex gap-1">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              "grid size-10 cursor-pointer place-items-center rounded-md border border-input text-sm font-medium",
              "has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring has-[input:focus-visible]:ring-offset-2",
              "has-[input:checked]:border-primary has-[input:checked]:bg-primary has-[input:checked]:text-primary-foreground",
            )}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={`${rating} of ${RATING_MAX}`}
              className="sr-only"
            />
            {rating}
          </label>
        ))}
      </div>
    </div>
  );
}
