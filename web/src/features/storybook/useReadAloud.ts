import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadAloudStatus = 'idle' | 'speaking' | 'paused';

export interface ReadAloud {
  /** False where the browser has no speech synthesis: the controls are not shown. */
  supported: boolean;
  status: ReadAloudStatus;
  /** The sentence being read (its index), or null. */
  current: number | null;
  /** Set when the browser could not speak; cleared by the next Listen. */
  failed: boolean;
  listen: () => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
}

export function speechSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'speechSynthesis' in window &&
    typeof window.SpeechSynthesisUtterance === 'function'
  );
}

/** Empties the browser's queue; a paused synthesiser stays paused after a cancel, so it is resumed. */
function silence(synth: SpeechSynthesis): void {
  synth.cancel();
  if (synth.paused) synth.resume();
}

/**
 * Reads `sentences` aloud with the browser's speech synthesis, one utterance per sentence, so the
 * sentence being read is known (`current`). Reading stops when the sentences change, when the page
 * is hidden or left, and when the component using it unmounts.
 */
export function useReadAloud(sentences: readonly string[], lang?: string): ReadAloud {
  const [supported] = useState(speechSupported);
  const [status, setStatus] = useState<ReadAloudStatus>('idle');
  const [current, setCurrent] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  // Each reading has its own number: the events of a cancelled one (Chrome ends or fails the
  // utterance it cancels) are recognised and ignored.
  const run = useRef(0);
  const active = useRef(false);
  // Chrome may drop an utterance nobody references before its end event fires.
  const speaking = useRef<SpeechSynthesisUtterance | null>(null);

  const cancel = useCallback(() => {
    run.current += 1;
    speaking.current = null;
    if (active.current) silence(window.speechSynthesis);
    active.current = false;
  }, []);

  const stop = useCallback(() => {
    cancel();
    setStatus('idle');
    setCurrent(null);
  }, [cancel]);

  const speakFrom = useCallback(
    (index: number, reading: number) => {
      if (reading !== run.current) return;
      if (index >= sentences.length) {
        active.current = false;
        speaking.current = null;
        setStatus('idle');
        setCurrent(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(sentences[index]);
      if (lang) utterance.lang = lang;
      utterance.onstart = () => {
        if (reading === run.current) setCurrent(index);
      };
      utterance.onend = () => speakFrom(index + 1, reading);
      utterance.onerror = (event) => {
        if (reading !== run.current || event.error === 'interrupted' || event.error === 'canceled') return;
        cancel();
        setStatus('idle');
        setCurrent(null);
        setFailed(true);
      };
      speaking.current = utterance;
      setCurrent(index);
      window.speechSynthesis.speak(utterance);
    },
    [cancel, lang, sentences],
  );

  const listen = useCallback(() => {
    if (!supported || sentences.length === 0) return;
    cancel();
    silence(window.speechSynthesis);
    active.current = true;
    setFailed(false);
    setStatus('speaking');
    speakFrom(0, run.current);
  }, [cancel, sentences.length, speakFrom, supported]);

  const pause = useCallback(() => {
    if (!active.current) return;
    window.speechSynthesis.pause();
    setStatus('paused');
  }, []);

  const resume = useCallback(() => {
    if (!active.current) return;
    window.speechSynthesis.resume();
    setStatus('speaking');
  }, []);

  // New sentences (another chapter, a rewritten one) or leaving: the reading ends.
  useEffect(() => stop, [sentences, stop]);

  // A hidden or left page stops reading rather than talking on in the background.
  useEffect(() => {
    if (!supported) return;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', stop);
    };
  }, [stop, supported]);

  return { supported, status, current, failed, listen, pause, resume, stop };
}
