import { intent } from "~/builder/intents";

// The question and option buttons of the one question editor (decision 042), shared by the survey
// builder and profile survey sets. Each is a submit button posting the builder's intent; with
// JavaScript the builder applies it in the browser, the profile-set editor posts it through fetch.

export function DeleteQuestionButton({ page, question }: { page: number; question: number }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent.deleteQuestion(page, question)}
      className="btn-secondary px-2 py-1 text-sm text-red-700"
    >
      Delete<span className="sr-only"> question</span>
    </button>
  );
}

export function AddOptionButton({ page, question }: { page: number; question: number }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent.addOption(page, question)}
      className="btn-secondary mt-2 px-2 py-1 text-sm"
    >
      Add Option
    </button>
  );
}

export function DeleteOptionButton({ page, question, option }: { page: number; question: number; option: number }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent.deleteOption(page, question, option)}
      className="btn-secondary px-2 py-1 text-sm"
    >
      Delete<span className="sr-only"> option {option + 1}</span>
    </button>
  );
}
