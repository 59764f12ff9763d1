import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReadingLanguageSelect } from '../../translation/components/ReadingLanguageSelect';
import { FontSizeControl } from './FontSizeControl';
import { ThemeSwitch } from './ThemeSwitch';

/**
 * Reading settings on a phone (issue 30): caption size, dark theme and the language captions are
 * read in, one tap from the control bar instead of far down the conversation details. A modal
 * dialog named by its title; Escape or "Done" closes it and the keyboard goes back to the button.
 */
export function ReadingSettingsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        icon="font"
        size="large"
        aria-label={t('conversation.readingSettings')}
        title={t('conversation.readingSettings')}
        aria-haspopup="dialog"
        data-testid="reading-settings-open"
        onClick={() => setOpen(true)}
      />
      <Dialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={t('conversation.readingSettings')}
        className="reading-settings-dialog"
        data-testid="reading-settings"
      >
        <DialogBody>
          <div className="reading-settings">
            <FontSizeControl />
            <ThemeSwitch />
            <ReadingLanguageSelect />
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <Button intent="primary" onClick={() => setOpen(false)} data-testid="reading-settings-done">
              {t('conversation.readingSettingsDone')}
            </Button>
          }
        />
      </Dialog>
    </>
  );
}
