import type { Checkin, CheckinStepResponse } from '@fotodrop/contract/api/checkin-schemas';
import { STEP_MODAL_DELAY_MS } from '@fotodrop/contract/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { type ModalName, useAppStore } from '../../../shared/store/app-store';
import { resetCheckinList } from '../api/checkin-queries';
import { clearPendingStep, savePendingStep } from './pending-step';
import { CheckinStepModal } from './step-modal';

/** Closes every modal the store knows of (entry spec §4: other modals close before the step modal). */
function closeOtherModals(): void {
  const { modals, setModal } = useAppStore.getState();
  for (const [name, open] of Object.entries(modals)) if (open) setModal(name as ModalName, false);
}

/**
 * The further-step flow of a check-in (entry spec §4): the step answer is stored, other modals
 * close, and the step modal opens 500 ms later. Completing opens the album; a 303 on completion
 * starts the next step the same way; closing the modal gives the album up for now.
 */
export function useStepFlow({ onDismissed }: { onDismissed?: () => void } = {}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<CheckinStepResponse | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openStep = useCallback((next: CheckinStepResponse) => {
    savePendingStep(next);
    closeOtherModals();
    setStep(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStep(next), STEP_MODAL_DELAY_MS);
  }, []);

  const onCompleted = useCallback(
    (checkin: Checkin) => {
      clearPendingStep();
      useAppStore.getState().setPicacodeRecovery(null);
      setStep(null);
      void resetCheckinList();
      void navigate(paths.checkin.getHref(checkin.picacode), { replace: true });
    },
    [navigate],
  );

  const dismissed = useRef(onDismissed);
  dismissed.current = onDismissed;
  const onDismiss = useCallback(() => {
    // the user left the step: the code is not tried again on the next visit of /checkins
    clearPendingStep();
    useAppStore.getState().setPicacodeRecovery(null);
    setStep(null);
    dismissed.current?.();
  }, []);

  const modal = step ? (
    <CheckinStepModal
      key={step.complete_token}
      step={step}
      onStep={openStep}
      onCompleted={onCompleted}
      onDismiss={onDismiss}
    />
  ) : null;

  return { openStep, complete: onCompleted, modal };
}
