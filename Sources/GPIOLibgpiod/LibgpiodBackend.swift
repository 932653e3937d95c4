import GPIO
