/** The pill tab bar (account activity, the image dialog, sign-in); `wide` stretches each tab across the bar. */
export function tabListStyles(wide = false, extra = ''): string {
  return `${wide ? 'flex' : 'inline-flex w-fit'} gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-800 ${extra}`.trim();
}

export function tabStyles(wide = false): string {
  return `${wide ? 'flex-1 py-2 font-semibold' : 'py-1.5 font-medium'} rounded-lg px-3 text-sm text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow dark:text-slate-300 dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white`;
}
