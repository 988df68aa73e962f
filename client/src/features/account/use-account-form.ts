import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, type FieldValues, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { apiErrorOf } from "@/lib/api.ts";

/**
 * A Settings form on one of common/account.ts's schemas: the server's field errors land on the
 * fields (the `password` check's on the field that asked for it), anything else above the button.
 */
export function useAccountForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  passwordField: Path<T>,
) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues });
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState<string>();

  function showFailure(error: unknown) {
    const apiError = apiErrorOf(error);
    const fields = Object.entries(apiError?.errors ?? {});
    if (fields.length === 0) {
      setFormError(apiError?.message ?? "Something went wrong. Please try again.");
      return;
    }
    for (const [field, message] of fields) {
      const name = (field === "password" ? passwordField : field) as Path<T>;
      form.setError(name, { message }, { shouldFocus: true });
    }
  }

  function reset(message: string) {
    form.reset();
    setDone(message);
  }

  return { form, formError, setFormError, done, setDone, showFailure, reset };
}
