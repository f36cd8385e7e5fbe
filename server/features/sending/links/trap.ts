/**
 * The trap link (issue 51): a link in every tracked message that no person can see, reach or
 * hear, so whatever follows it is a machine (a gateway fetching every `href`). Hidden from
 * view (`display:none`, zero size, Outlook's `mso-hide`), from assistive technology
 * (`aria-hidden`) and from the keyboard (`tabindex="-1"`); it holds no text.
 */
export const trapLink = (href: string) =>
  `<a href="${href}" aria-hidden="true" tabindex="-1" style="display:none;width:0;height:0;max-height:0;overflow:hidden;font-size:0;line-height:0;mso-hide:all"></a>`;
