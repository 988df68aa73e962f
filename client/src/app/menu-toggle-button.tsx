import { Menu, X } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";

type MenuToggleButtonProps = { open: boolean; controls: string; onToggle: () => void };

/** The phone-size menu button; its state is announced through aria-expanded. */
export function MenuToggleButton({ open, controls, onToggle }: MenuToggleButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label="Menu"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
    </Button>
  );
}
