/** pathOf`/chatbots/${id}/responses`: the path with each id checked and escaped. */
export declare function pathOf(strings: TemplateStringsArray, ...ids: string[]): string;
