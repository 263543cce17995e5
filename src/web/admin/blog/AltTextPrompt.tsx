import { useId, useState } from 'react';

/**
 * Asked when an image without a description goes into a post: what it shows, for people who
 * cannot see it (and for search engines). Leaving it empty marks the image as decoration.
 */
export function AltTextPrompt({ onDescribe, onSkip }: { onDescribe: (alt: string) => void; onSkip: () => void }) {
  const id = useId();
  const [alt, setAlt] = useState('');
  const save = () => {
    if (alt.trim()) onDescribe(alt.trim());
  };
  return (
    <section
      aria-label="Describe the image"
      className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
      data-testid="alt-text-prompt"
    >
      <label htmlFor={id} className="block font-medium text-amber-950">
        This image has no description. Describe it for people who cannot see it (alt text):
      </label>
      <input
        id={id}
        value={alt}
        maxLength={300}
        onChange={(event) => setAlt(event.target.value)}
        onKeyDown={(event) => {
          // Enter here must not submit the post form.
          if (event.key === 'Enter') {
            event.preventDefault();
            save();
          }
        }}
        className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900"
        placeholder="For example: A pupil working through a maths problem at the board"
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={save}
          disabled={!alt.trim()}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Add description
        </button>
        <button
          type="button"
          onClick={onSkip}
          className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          Leave it out (decorative image)
        </button>
      </div>
    </section>
  );
}
