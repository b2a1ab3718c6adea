import {
  type CustomOption,
  type TextOptionProblem,
  t,
  textOptionMax,
  textOptionProblem,
} from "@etalage/core";

/** What the shopper reads for core's verdict on a typed option (issue 14), in Dutch. */
function textOptionMessage(option: CustomOption, problem: TextOptionProblem): string {
  switch (problem) {
    case "required":
      return t("{field} is required", { field: option.title });
    case "email":
      return t("Please provide an valid e-mail address");
    case "too_long":
      return t("At most {n} characters", { n: textOptionMax(option) });
  }
}

/** Each typed option's problem by option id; empty when all is well. */
export function textOptionProblems(
  options: readonly CustomOption[],
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const option of options) {
    const problem = textOptionProblem(option, values[String(option.option_id)]);
    if (problem) problems[String(option.option_id)] = textOptionMessage(option, problem);
  }
  return problems;
}
