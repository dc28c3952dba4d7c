import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The heading of one step of the selfie flow. It takes the focus when the step appears, so a
 * screen reader announces the new step and the keyboard starts from it (the dialog keeps the
 * focus trapped around it).
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className="selfie-step-title">
      {children}
    </h3>
  );
}
